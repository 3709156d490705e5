"$FPTUTOR" bits -f all 448 464 500 57344 61440 inf -inf nan -0
