PARALLEL = {
    "data_axis": "batch",
    "num_devices": 4,
}
OPTIM = {"lr": 1e-2}
