"""Mesh helpers built from the config's ICI parallelism, as MaxText does."""
import math

import jax
from jax.experimental import mesh_utils
from jax.sharding import Mesh


def fill_unspecified_mesh_axes(parallelism_vals, target_product, parallelism_type):
    if -1 in parallelism_vals:
        assert parallelism_vals.count(-1) == 1, f"Found unspecified values (-1) for more than one {parallelism_type}"
        determined = math.prod(v for v in parallelism_vals if v != -1)
        assert target_product % determined == 0
        parallelism_vals[parallelism_vals.index(-1)] = target_product // determined
    assert math.prod(parallelism_vals) == target_product, f"{parallelism_type} parallelism does not match devices"
    return parallelism_vals


def create_device_mesh(config, devices=None):
    devices = jax.devices() if devices is None else devices
    ici_parallelism = [
        config.ici_data_parallelism,
        config.ici_pipeline_parallelism,
        config.ici_fsdp_parallelism,
        config.ici_fsdp_transpose_parallelism,
        config.ici_sequence_parallelism,
        config.ici_tensor_parallelism,
        config.ici_expert_parallelism,
    ]
    ici_parallelism = fill_unspecified_mesh_axes(ici_parallelism, len(devices), "ICI")
    devices_array = mesh_utils.create_device_mesh(ici_parallelism, devices)
    return Mesh(devices_array, config.mesh_axes)


def get_data_axes(config):
    return tuple(config.data_sharding[0])
