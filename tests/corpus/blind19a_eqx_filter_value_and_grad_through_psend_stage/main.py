import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

PERM = [(i, i + 1) for i in range(3)]


def forward(stage, x):
  y = jax.vmap(stage)(x)
  tok = lax.psend(y, 'pipe', PERM)
  return lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'pipe', PERM)


def loss(stage, x, y):
  return jnp.mean((forward(stage, x) - y) ** 2)


def train_step(stage, x, y):
  l, g = eqx.filter_value_and_grad(loss)(stage, x, y)
  return lax.pmean(l, 'pipe'), g


stage = eqx.nn.Linear(16, 16, key=jax.random.key(0))
mesh = Mesh(np.array(jax.devices()), ('pipe',))
f = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P(), P()),
                          out_specs=(P(), P()), check_vma=False))
f.trace(stage, jnp.ones((4, 16)), jnp.ones((4, 16))).lower(lowering_platforms=('cuda',))
