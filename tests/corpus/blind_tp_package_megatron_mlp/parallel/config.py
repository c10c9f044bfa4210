TP_AXIS = "model"
