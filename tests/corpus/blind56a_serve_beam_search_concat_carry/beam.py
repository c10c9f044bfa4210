from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax

NEG_INF = -1.0e7


class BeamState(NamedTuple):
  step: jnp.ndarray          # ()
  seqs: jnp.ndarray          # [batch, beams, length-so-far]
  log_probs: jnp.ndarray     # [batch, beams]
  finished: jnp.ndarray      # [batch, beams]


def init_state(bos, batch, beams):
  seqs = jnp.full((batch, beams, 1), bos, jnp.int32)
  # only the first beam is live at the start so the k copies don't all get picked
  lp = jnp.tile(jnp.array([0.0] + [NEG_INF] * (beams - 1)), (batch, 1))
  return BeamState(jnp.int32(0), seqs, lp, jnp.zeros((batch, beams), bool))


def beam_search(logits_fn, bos, eos, batch, beams, max_len):
  def cond(s: BeamState):
    return (s.step < max_len - 1) & ~jnp.all(s.finished)

  def body(s: BeamState):
    last = s.seqs[:, :, -1]
    logp = jax.nn.log_softmax(logits_fn(last), axis=-1)            # [b, k, V]
    vocab = logp.shape[-1]
    logp = jnp.where(s.finished[..., None], jnp.where(jnp.arange(vocab) == eos, 0.0, NEG_INF), logp)
    cand = (s.log_probs[..., None] + logp).reshape(batch, beams * vocab)
    top_lp, top_idx = lax.top_k(cand, beams)
    src_beam, tok = top_idx // vocab, top_idx % vocab
    seqs = jnp.take_along_axis(s.seqs, src_beam[..., None], axis=1)
    seqs = jnp.concatenate([seqs, tok[..., None]], axis=-1)
    finished = jnp.take_along_axis(s.finished, src_beam, axis=1) | (tok == eos)
    return BeamState(s.step + 1, seqs, top_lp, finished)

  final = lax.while_loop(cond, body, init_state(bos, batch, beams))
  return final.seqs, final.log_probs
