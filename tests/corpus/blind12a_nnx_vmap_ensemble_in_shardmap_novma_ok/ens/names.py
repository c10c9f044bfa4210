ENSEMBLE = "ensemble"
DATA = "data"
