import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
import equinox as eqx

from model import TPShift

devices = np.array(jax.devices()).reshape(2, 2)
mesh = Mesh(devices, ("data", "model"))
shift = TPShift(axis="model", size=2)


def step(shift, x):
    return shift(x)


# only the tensor-parallel axis is manual; 'data' stays with the partitioner
step = jax.shard_map(step, mesh=mesh, in_specs=(P(), P(None, "model")),
                     out_specs=P(None, "model"), axis_names={"model"}, check_vma=False)

x = jnp.zeros((16, 256), jnp.float32)
lowered = jax.jit(step).trace(shift, x).lower(lowering_platforms=("tpu",))
print("lowered", len(lowered.as_text()))
