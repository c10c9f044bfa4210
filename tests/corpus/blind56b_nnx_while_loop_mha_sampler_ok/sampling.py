import jax
import jax.numpy as jnp
from flax import nnx


def sample(model, rngs, first_tok, *, max_new: int, eos_id: int, temperature: float):
  batch = first_tok.shape[0]

  def cond_fn(carry):
    _, _, _, _, step, done = carry
    return jnp.logical_and(step < max_new, jnp.logical_not(jnp.all(done)))

  def body_fn(carry):
    model, rngs, tok, out, step, done = carry
    logits = model(tok) / temperature
    nxt = jax.random.categorical(rngs.sample(), logits, axis=-1)
    nxt = jnp.where(done, eos_id, nxt)
    out = out.at[:, step].set(nxt)
    return model, rngs, nxt, out, step + 1, done | (nxt == eos_id)

  out = jnp.full((batch, max_new), eos_id, dtype=jnp.int32)
  init = (model, rngs, first_tok, out, jnp.array(0), jnp.zeros((batch,), bool))
  *_, out, _, _ = nnx.while_loop(cond_fn, body_fn, init)
  return out


generate = nnx.jit(sample, static_argnames=("max_new", "eos_id", "temperature"))
