import jax
import jax.numpy as jnp

from metrics import global_mean
from model import init_params, loss_fn
from train import p_train_step

params = init_params(jax.random.key(0))
batch = (jnp.ones((32, 16)), jnp.zeros((32,)))
p_train_step.trace(params, batch, jnp.float32(0.1)).lower(lowering_platforms=("cuda",))


@jax.jit
def eval_step(params, batch):
    x, y = batch
    per_example = jax.vmap(lambda xi, yi: loss_fn(params, (xi[None], yi[None])))(x, y)
    return global_mean(per_example)


eval_step.trace(params, batch).lower(lowering_platforms=("cuda",))
