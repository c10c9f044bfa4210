STAGE = "stage"
N_STAGES = 4
