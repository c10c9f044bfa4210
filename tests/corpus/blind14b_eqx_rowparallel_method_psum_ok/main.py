import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from model import ParallelMLP, param_specs
from model.axes import DP, TP

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (DP, TP))


def forward(model, x):
  return model(x)


def build():
  model = ParallelMLP(16, 64, jax.random.key(0))
  specs = param_specs(model)
  fwd = jax.shard_map(forward, mesh=mesh, in_specs=(specs, P(DP)), out_specs=P(DP))
  return model, jax.jit(fwd)


if __name__ == '__main__':
  model, fwd = build()
  fwd.trace(model, jnp.ones((8, 16))).lower(lowering_platforms=('cuda',))
