" tools/vim/ftdetect/fptutor-lesson.vim — *.lesson files are fptutor
" lessons (fptutor-lesson(5)).
autocmd BufNewFile,BufRead *.lesson setfiletype fptutorlesson
