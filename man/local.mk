# man/local.mk — the manual pages.
dist_man_MANS = man/fptutor.1
dist_man5_MANS = man/fptutor-lesson.5
