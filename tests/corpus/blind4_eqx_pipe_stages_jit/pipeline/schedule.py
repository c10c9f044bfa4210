import jax
import jax.numpy as jnp

from .comm import shift_to_next_stage


def gpipe_forward(stage, stage_id, microbatches, cfg):
    carry = jnp.zeros_like(microbatches[0])
    outputs = []
    for t in range(cfg.n_micro + cfg.n_stages - 1):
        fresh = microbatches[min(t, cfg.n_micro - 1)]
        x = jnp.where(stage_id[0] == 0, fresh, carry)
        y = jax.vmap(stage)(x)
        outputs.append(y)
        carry = shift_to_next_stage(y, cfg.axis, cfg.n_stages)
    return jnp.stack(outputs[cfg.n_stages - 1:])
