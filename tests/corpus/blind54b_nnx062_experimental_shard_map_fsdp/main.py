from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('fsdp',))


class Dense(nnx.Module):
  def __init__(self, din, dout, rngs):
    self.kernel = nnx.Param(
        nnx.with_partitioning(nnx.initializers.lecun_normal(), ('fsdp', None))(
            rngs.params(), (din, dout)))

  def __call__(self, x):
    return x @ self.kernel.value


@nnx.jit
def create():
  m = Dense(512, 512, nnx.Rngs(0))
  state = nnx.state(m)
  nnx.update(m, jax.lax.with_sharding_constraint(state, nnx.get_partition_spec(state)))
  return m


with mesh:
  model = create()
graphdef, state = nnx.split(model)
specs = nnx.get_partition_spec(state)


@partial(shard_map, mesh=mesh, in_specs=(specs, P('fsdp')), out_specs=(P(), specs))
def fsdp_grad(state, x):
  def loss(state):
    full = jax.tree.map(lambda w: jax.lax.all_gather(w, 'fsdp', axis=0, tiled=True), state)
    y = nnx.merge(graphdef, full)(x)
    return jnp.mean(y ** 2)

  l, g = jax.value_and_grad(loss)(state)
  return jax.lax.pmean(l, 'fsdp'), g


lowered = jax.jit(fsdp_grad).trace(state, jnp.zeros((64, 512))).lower(lowering_platforms=('tpu',))
