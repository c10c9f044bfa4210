import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from model import Stack

mesh = Mesh(np.array(jax.devices()), ("tensor",))
n = mesh.shape["tensor"]
# Each shard holds its slice of the hidden dimension.
model = Stack(depth=4, dim=64, hidden=256 // n, axis_name=mesh.axis_names, key=jr.key(0))


def loss(model, x):
    return jnp.mean(model(x) ** 2)


@eqx.filter_jit
def train_step(model, x):
    grad_fn = eqx.filter_value_and_grad(loss)
    return jax.shard_map(grad_fn, mesh=mesh, in_specs=(P(), P()), out_specs=(P(), P()), check_vma=False)(model, x)


train_step.lower(model, jnp.zeros((8, 64)))
