" tools/vim/syntax/fptutorlesson.vim — Vim syntax for fptutor lesson files,
" the language of fptutor-lesson(5).
"
" Install: copy tools/vim/syntax and tools/vim/ftdetect into ~/.vim (or
" a directory of 'runtimepath'); `make install` puts them under
" $(datadir)/vim/vimfiles.  Highlighted: # comments, the @directives (a
" directive this file does not know is still shown as one), question
" types, {computed values} in prose, and inside @rubric ... @end the
" rubric language (synonym, concept, misconception, claim, step, because,
" hit:/miss:, not:, @synonym references, "phrases", ~windows, weights).

if exists('b:current_syntax')
  finish
endif

syn case match

syn match  lessonComment   "^\s*#.*$" contains=@Spell
syn match  lessonDirective "^@[a-z][a-z_-]*"
syn match  lessonHeader    "^@\(lesson\|title\|summary\|step\)\>" nextgroup=lessonHeaderArg skipwhite
syn match  lessonHeaderArg ".*$" contained contains=lessonValue
syn match  lessonBlock     "^@\(bits\|round\|calc\|softmax\|scaling\|scaler\|plot\|train\|drill\)\>"
syn match  lessonQuestion  "^@question\>" nextgroup=lessonQid skipwhite
syn match  lessonQid       "[a-z0-9][a-z0-9-]*" contained nextgroup=lessonQtype skipwhite
syn keyword lessonQtype    text choice order numeric bits contained
syn match  lessonQpart     "^@\(option\|correct\|value\|tolerance\|format\|hint\|answer\)\>"
syn match  lessonValue     "{[^{}]*}" contains=lessonValueKey
syn match  lessonValueKey  "{\zs\(max\|min_normal\|min_subnormal\|eps\|bias\|exp_bits\|man_bits\|round\|bits\|hex\|ulp\|calc\)\>" contained

" The rubric block: from @rubric to @end.
syn region lessonRubric matchgroup=lessonQpart start="^@rubric\>" end="^@end\>"
      \ contains=lessonComment,lessonRubricKey,lessonRubricFeedback,lessonRubricNot,lessonRubricRef,lessonRubricString,lessonRubricWindow,lessonRubricOr,lessonRubricNum
syn match  lessonRubricKey      "^\s*\(synonym\|concept\|misconception\|claim\|exclusive:\|step\|because\|pass:\|window:\)" contained
syn match  lessonRubricFeedback "^\s*\(hit\|miss\|why\):.*$" contained contains=lessonValue
syn match  lessonRubricNot      "\<not:" contained
syn match  lessonRubricRef      "@[a-z][a-z0-9_-]*" contained
syn region lessonRubricString   start=+"+ end=+"+ oneline contained
syn match  lessonRubricWindow   "\~\d\+%\=" contained
syn match  lessonRubricOr       "|" contained
syn match  lessonRubricNum      "\<\d\+\>" contained
syn keyword lessonRequired required contained containedin=lessonRubric

hi def link lessonComment        Comment
hi def link lessonDirective      PreProc
hi def link lessonHeader         Statement
hi def link lessonHeaderArg      Title
hi def link lessonBlock          Function
hi def link lessonQuestion       Statement
hi def link lessonQid            Identifier
hi def link lessonQtype          Type
hi def link lessonQpart          Keyword
hi def link lessonValue          Special
hi def link lessonValueKey       Function
hi def link lessonRubricKey      Keyword
hi def link lessonRubricFeedback String
hi def link lessonRubricNot      Operator
hi def link lessonRubricRef      Identifier
hi def link lessonRubricString   String
hi def link lessonRubricWindow   Number
hi def link lessonRubricOr       Delimiter
hi def link lessonRubricNum      Number
hi def link lessonRequired       Type

" Lesson files are small: parse from the top, so a rubric is always known.
syn sync fromstart

let b:current_syntax = 'fptutorlesson'
