"""Config object in the shape of MaxText's pyconfig: keys live in a dict, read as attributes."""
_BASE_CONFIG = {
    "mesh_axes": ["data", "stage", "fsdp", "fsdp_transpose", "sequence", "tensor", "expert"],
    "data_sharding": [["data", "stage", "fsdp", "fsdp_transpose", "sequence", "tensor", "expert"]],
    "ici_data_parallelism": 1,
    "ici_pipeline_parallelism": 1,
    "ici_fsdp_parallelism": -1,
    "ici_fsdp_transpose_parallelism": 1,
    "ici_sequence_parallelism": 1,
    "ici_tensor_parallelism": 1,
    "ici_expert_parallelism": 1,
    "per_device_batch_size": 2,
    "max_target_length": 128,
    "emb_dim": 256,
    "learning_rate": 3e-4,
}


class HyperParameters:
    """Attribute access over a frozen dict of keys."""

    def __init__(self, keys):
        object.__setattr__(self, "_keys", dict(keys))

    def __getattr__(self, attr):
        try:
            return self._keys[attr]
        except KeyError as e:
            raise AttributeError(f"config has no key {attr!r}") from e

    def __setattr__(self, attr, value):
        raise ValueError("Reinitialization of config is not allowed")

    def get_keys(self):
        return self._keys


def initialize(**overrides):
    keys = dict(_BASE_CONFIG)
    for k, v in overrides.items():
        if k not in keys:
            raise ValueError(f"unknown config key {k}")
        keys[k] = v
    return HyperParameters(keys)
