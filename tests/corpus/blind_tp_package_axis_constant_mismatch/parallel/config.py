TP_AXIS = "tensor"
