# FPT_CHECK_CFLAG(FLAG, [ACTION-IF-ACCEPTED])
# Run ACTION if the C compiler accepts FLAG without warnings.
AC_DEFUN([FPT_CHECK_CFLAG], [
	AS_VAR_PUSHDEF([fpt_var], [fpt_cv_cflag_$1])
	AC_CACHE_CHECK([whether $CC accepts $1], [fpt_var], [
		fpt_save_CFLAGS=$CFLAGS
		CFLAGS="$CFLAGS -Werror $1"
		AC_COMPILE_IFELSE([AC_LANG_PROGRAM([], [])],
			[AS_VAR_SET([fpt_var], [yes])], [AS_VAR_SET([fpt_var], [no])])
		CFLAGS=$fpt_save_CFLAGS])
	AS_VAR_IF([fpt_var], [yes], [$2])
	AS_VAR_POPDEF([fpt_var])
])
