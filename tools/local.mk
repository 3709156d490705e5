# tools/local.mk — what ships beside the program: bash completion, the Vim
# syntax for lessons, and the tests of installation and of the completion.
# Included at the end of Makefile.am (it appends to AM_TESTS_ENVIRONMENT).

# bash-completion loads a command's completion from a file named after it.
bashcompletiondir = $(BASH_COMPLETION_DIR)
EXTRA_DIST += tools/fptutor.bash
install-data-local: install-bash-completion
uninstall-local: uninstall-bash-completion
install-bash-completion:
	$(MKDIR_P) '$(DESTDIR)$(bashcompletiondir)'
	$(INSTALL_DATA) $(srcdir)/tools/fptutor.bash '$(DESTDIR)$(bashcompletiondir)/fptutor'
uninstall-bash-completion:
	rm -f '$(DESTDIR)$(bashcompletiondir)/fptutor'
.PHONY: install-bash-completion uninstall-bash-completion

# Vim: the syntax and the file-type detection, where Vim's system-wide
# runtime path looks ($(datadir)/vim/vimfiles).
vimsyntaxdir = $(datadir)/vim/vimfiles/syntax
dist_vimsyntax_DATA = tools/vim/syntax/fptutorlesson.vim
vimftdetectdir = $(datadir)/vim/vimfiles/ftdetect
dist_vimftdetect_DATA = tools/vim/ftdetect/fptutor-lesson.vim

TESTS += tests/install.sh tests/tools.sh
dist_check_SCRIPTS += tests/install.sh tests/tools.sh
# What tests/install.sh checks the installed tree against.
AM_TESTS_ENVIRONMENT += \
	MAKE='$(MAKE)'; export MAKE; \
	abs_top_builddir='$(abs_top_builddir)'; export abs_top_builddir; \
	inst_bindir='$(bindir)' inst_lessondir='$(lessondir)'; \
	inst_man1dir='$(man1dir)' inst_man5dir='$(man5dir)'; \
	inst_bashcompletiondir='$(bashcompletiondir)'; \
	inst_vimsyntaxdir='$(vimsyntaxdir)' inst_vimftdetectdir='$(vimftdetectdir)'; \
	export inst_bindir inst_lessondir inst_man1dir inst_man5dir; \
	export inst_bashcompletiondir inst_vimsyntaxdir inst_vimftdetectdir;

# After a real install (make distcheck runs this in its own prefix): the
# installed program, run from an empty directory with no search path set,
# finds the installed lessons.
installcheck-local:
	d=`mktemp -d`; \
	(cd $$d && unset FPTUTOR_LESSON_PATH && \
	 '$(DESTDIR)$(bindir)/fptutor' lessons) >$$d.out 2>&1; st=$$?; \
	cat $$d.out; rmdir $$d; \
	grep -q '^interview ' $$d.out; found=$$?; rm -f $$d.out; \
	test $$st -eq 0 && test $$found -eq 0 || { \
	  echo "installcheck: the installed fptutor does not find its lessons in $(lessondir)" >&2; exit 1; }
