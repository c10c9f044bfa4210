"""Per-replica forward pass with synchronised batch statistics, simulated with vmap."""
import jax
import jax.numpy as jnp

from nets import BNMLP

REPLICAS = 4
model = BNMLP(sync_axis='replica')
variables = jax.eval_shape(lambda: model.init(jax.random.key(0), jnp.ones((2, 8)), train=False))


def forward(variables, x):
  logits, updates = model.apply(variables, x, train=True, mutable=['batch_stats'])
  return logits, updates['batch_stats']


def run(variables, xs):
  return jax.vmap(forward, in_axes=(None, 0), axis_name='replica')(variables, xs)


ARGS = (variables, jax.ShapeDtypeStruct((REPLICAS, 2, 8), jnp.float32))
