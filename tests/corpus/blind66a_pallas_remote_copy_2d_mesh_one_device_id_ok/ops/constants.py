DATA = "data"
MODEL = "model"
