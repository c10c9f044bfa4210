"""A small decoder-only LM in Equinox: blocks stacked with filter_vmap, applied with
lax.scan over the partitioned stack, trained data-parallel with a shard_map'd step."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import Mesh

from lm import LM, LMConfig, make_train_step

cfg = LMConfig()
mesh = Mesh(jax.devices(), (cfg.data_axis,))
model = LM(cfg, key=jax.random.PRNGKey(0))
optim = optax.adamw(3e-4)
opt_state = optim.init(eqx.filter(model, eqx.is_array))
train_step = make_train_step(optim, mesh, cfg.data_axis)

tokens = jnp.zeros((8, cfg.seq_len), jnp.int32)
targets = jnp.zeros((8, cfg.seq_len), jnp.int32)

params, static = eqx.partition(model, eqx.is_array)


def step_for_export(params, opt_state, tokens, targets):
    new_model, new_state, loss = train_step(eqx.combine(params, static), opt_state, tokens, targets)
    return eqx.filter(new_model, eqx.is_array), new_state, loss


jax.jit(step_for_export).trace(params, opt_state, tokens, targets).lower(lowering_platforms=("cuda",))
