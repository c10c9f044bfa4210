"""Model configs in EasyDeL's shape: a PartitionAxis names the mesh axis for each semantic
dimension, and the config builds its mesh from `sharding_axis_dims`."""
import dataclasses
import math

import jax
import numpy as np
from jax.sharding import Mesh, PartitionSpec


@dataclasses.dataclass(frozen=True)
class PartitionAxis:
    batch_axis: tuple = ("dp", "fsdp")
    sequence_axis: str = "sp"
    hidden_state_axis: str = "tp"
    head_axis: str = "tp"

    def resolve_spec(self, *names):
        return PartitionSpec(*(None if n is None else getattr(self, f"{n}_axis") for n in names))


class BaseModelConfig:
    def __init__(self, sharding_axis_dims=(1, -1, 1, 1), sharding_axis_names=("dp", "fsdp", "tp", "sp"),
                 partition_axis=None):
        self.sharding_axis_dims = sharding_axis_dims
        self.sharding_axis_names = sharding_axis_names
        self.partition_axis = partition_axis or PartitionAxis()

    @property
    def mesh(self):
        dims = list(self.sharding_axis_dims)
        if -1 in dims:
            dims[dims.index(-1)] = jax.device_count() // -math.prod(dims)
        return Mesh(np.array(jax.devices()).reshape(dims), self.sharding_axis_names)


class LlamaConfig(BaseModelConfig):
    def __init__(self, hidden_size=256, num_attention_heads=8, **kwargs):
        kwargs.setdefault("partition_axis", PartitionAxis(head_axis="mp"))
        super().__init__(**kwargs)
        self.hidden_size = hidden_size
        self.num_attention_heads = num_attention_heads
        self.head_dim = hidden_size // num_attention_heads
