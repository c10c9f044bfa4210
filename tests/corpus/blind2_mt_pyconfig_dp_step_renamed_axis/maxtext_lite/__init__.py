"""A small MaxText-shaped trainer: config, mesh helpers and a shard_map'ed train step."""
from .pyconfig import HyperParameters, initialize
from .maxtext_utils import create_device_mesh, get_data_axes

__all__ = ["HyperParameters", "initialize", "create_device_mesh", "get_data_axes"]
