"""Greedy sampling from a GRU language model with nnx.fori_loop on an Explicit-axes mesh."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P, reshard

VOCAB, EMB, HIDDEN = 512, 64, 128


class GRULanguageModel(nnx.Module):
  def __init__(self, *, rngs: nnx.Rngs):
    self.embed = nnx.Embed(VOCAB, EMB, rngs=rngs)
    self.cell = nnx.GRUCell(EMB, HIDDEN, rngs=rngs)
    self.out = nnx.Linear(HIDDEN, VOCAB, rngs=rngs)

  def step(self, h, token):
    # nnx.Embed's gather cannot infer an output sharding on an Explicit mesh
    x = self.embed.embedding[...].at[token].get(out_sharding=P('data', None))
    h, y = self.cell(h, x)
    return h, self.out(y)


@nnx.jit(static_argnames=('num_steps',))
def greedy_sample(model: GRULanguageModel, prompt, num_steps: int):
  batch = prompt.shape[0]
  h = jnp.zeros((batch, HIDDEN), jnp.float32)

  # teacher-force the prompt to build up the hidden state
  def warm(t, h):
    h, _ = model.step(h, prompt[:, t])
    return h

  h = nnx.fori_loop(0, prompt.shape[1], warm, h)

  out = jnp.zeros((batch, num_steps), jnp.int32)
  out = reshard(out, P('data', None))

  def body(t, carry):
    h, token, out = carry
    h, logits = model.step(h, token)
    token = jnp.argmax(logits, axis=-1).astype(jnp.int32)
    out = out.at[:, t].set(token)
    return h, token, out

  _, _, out = nnx.fori_loop(0, num_steps, body, (h, prompt[:, -1], out))
  return out


def main():
  mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Explicit,))
  with jax.set_mesh(mesh):
    model = GRULanguageModel(rngs=nnx.Rngs(0))
    prompt = jax.ShapeDtypeStruct((16, 12), jnp.int32, sharding=NamedSharding(mesh, P('data', None)))
    greedy_sample.trace(model, prompt, num_steps=32).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
