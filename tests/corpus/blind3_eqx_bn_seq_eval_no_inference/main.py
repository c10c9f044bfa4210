import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

from evaluate import evaluate
from model import make_classifier

model, state = eqx.nn.make_with_state(make_classifier)(jr.PRNGKey(0))
xs = jnp.ones((32, 16))
labels = jnp.zeros((32,), jnp.int32)

params, static = eqx.partition(model, eqx.is_array)
eval_fn = jax.jit(lambda p, s, x, l: evaluate(eqx.combine(p, static), s, x, l))
eval_fn.trace(params, state, xs, labels).lower(lowering_platforms=("cuda",))
