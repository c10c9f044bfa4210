from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P


@partial(nnx.jit, static_argnames=("steps",))
def greedy_generate(model, prompt, steps: int = 8):
    batch = prompt.shape[0]
    out = jnp.zeros((batch, steps), jnp.int32, out_sharding=P(model.cfg.batch_axis))

    def body(i, carry):
        model, last, out = carry
        logits = model(last[:, None])
        nxt = jnp.argmax(logits[:, -1, :], axis=-1).astype(jnp.int32)
        return model, nxt, out.at[:, i].set(nxt)

    _, _, out = nnx.fori_loop(0, steps, body, (model, prompt, out))
    return out
