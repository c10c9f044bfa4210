import jax
import jax.numpy as jnp
from jax import lax

NEG = -1e9


def beam_search(decoder, h0, bos, eos, beams, max_len):
  """h0: [batch, dim] encoder summary. Returns [batch, beams, max_len] tokens."""
  batch, dim = h0.shape
  step_fn = jax.vmap(jax.vmap(decoder))                 # over batch, then beams

  seqs = jnp.full((batch, beams, max_len), eos, jnp.int32)
  seqs = seqs.at[:, :, 0].set(bos)
  h = jnp.broadcast_to(h0[:, None], (batch, beams, dim))
  scores = jnp.where(jnp.arange(beams) == 0, 0.0, NEG) * jnp.ones((batch, 1))
  done = jnp.zeros((batch, beams), bool)

  def cond(c):
    t, _, _, _, done = c
    return (t < max_len) & ~done.all()

  def body(c):
    t, seqs, h, scores, done = c
    last = lax.dynamic_slice_in_dim(seqs, t - 1, 1, axis=2)[..., 0]
    logp, h_new = step_fn(last, h)
    V = logp.shape[-1]
    logp = jnp.where(done[..., None], jnp.where(jnp.arange(V) == eos, 0.0, NEG), logp)
    flat = (scores[..., None] + logp).reshape(batch, beams * V)
    scores, idx = lax.top_k(flat, beams)
    parent, tok = idx // V, (idx % V).astype(jnp.int32)
    seqs = jnp.take_along_axis(seqs, parent[..., None], axis=1)
    seqs = lax.dynamic_update_slice(seqs, tok[..., None], (0, 0, t))
    h = jnp.take_along_axis(h_new, parent[..., None], axis=1)
    done = jnp.take_along_axis(done, parent, axis=1) | (tok == eos)
    return t + 1, seqs, h, scores, done

  _, seqs, _, scores, _ = lax.while_loop(cond, body, (1, seqs, h, scores, done))
  return seqs, scores
