import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

from model import TinyLM, to_bf16

VOCAB, HIDDEN, MAX_NEW, EOS = 1024, 256, 64, 2


def sample(model, prompt_tok, key, temperature):
  batch = prompt_tok.shape[0]
  step = jax.vmap(model.step)

  def cond(carry):
    i, _, _, _, done, _ = carry
    return (i < MAX_NEW) & ~jnp.all(done)

  def body(carry):
    i, tok, h, logits, done, out = carry
    logits, h = step(tok, h)
    key_i = jax.random.fold_in(key, i)
    nxt = jax.random.categorical(key_i, logits / temperature, axis=-1)
    nxt = jnp.where(done, EOS, nxt)
    out = out.at[:, i].set(nxt)
    return i + 1, nxt, h, logits, done | (nxt == EOS), out

  init = (
      jnp.int32(0),
      prompt_tok,
      jnp.zeros((batch, HIDDEN), jnp.bfloat16),
      jnp.zeros((batch, VOCAB)),           # last logits, returned for scoring
      jnp.zeros((batch,), bool),
      jnp.full((batch, MAX_NEW), EOS, jnp.int32),
  )
  _, _, _, last_logits, _, out = lax.while_loop(cond, body, init)
  return out, last_logits


if __name__ == "__main__":
  mesh = jax.make_mesh((4,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))
  model = to_bf16(TinyLM(VOCAB, HIDDEN, key=jax.random.key(0)))
  prompt = jax.ShapeDtypeStruct((16,), jnp.int32, sharding=NamedSharding(mesh, P("batch")))
  sampler = jax.jit(sample, static_argnames="temperature")
  sampler.trace(model, prompt, jax.random.key(1), temperature=0.8).lower(
      lowering_platforms=("cuda",))
