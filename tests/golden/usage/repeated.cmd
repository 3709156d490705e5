# Repeated: the last -f counts; --opt=VALUE and -fVALUE work as --opt VALUE.
"$FPTUTOR" bits -f fp32 --format=bf16 -ffp16 --json 1
