import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

from model import Stack

n = 4
# Tensor parallelism simulated on one device: one model copy per shard, stacked and
# vmapped with the shard axis named.
models = eqx.filter_vmap(lambda k: Stack(depth=4, dim=64, hidden=256 // n, axis_name="tensor", key=k))(
    jr.split(jr.key(0), n))


def loss(model, x):
    return jnp.mean(model(x) ** 2)


@eqx.filter_jit
def train_step(models, x):
    grad_fn = eqx.filter_value_and_grad(loss)
    return eqx.filter_vmap(grad_fn, in_axes=(eqx.if_array(0), None))(models, x)


train_step.lower(models, jnp.zeros((8, 64)))
