import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def make_forward(mesh):
  act = NamedSharding(mesh, P('data', None))

  def forward(params, x):
    for w in params:
      h = jax.nn.relu(x @ w)
      x = x + jax.lax.with_sharding_constraint(h, act)
    return x

  return forward
