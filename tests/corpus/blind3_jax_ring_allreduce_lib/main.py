import jax
import jax.numpy as jnp

from model import init_params
from train import p_train_step

params = init_params(jax.random.key(0))
batch = (jnp.ones((32, 16)), jnp.zeros((32,)))
p_train_step.trace(params, batch, jnp.float32(0.1)).lower(lowering_platforms=("cuda",))
