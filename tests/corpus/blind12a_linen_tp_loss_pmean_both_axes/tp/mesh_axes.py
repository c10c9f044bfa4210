DP = "data"
TP = "model"
