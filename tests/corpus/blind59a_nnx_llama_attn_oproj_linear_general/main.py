import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from attention import DecoderLayer


class Llama(nnx.Module):
  def __init__(self, vocab, d_model, n_layers, num_heads, head_dim, d_ff, *, rngs):
    self.embed = nnx.Embed(vocab, d_model,
                           embedding_init=nnx.with_partitioning(
                               nnx.initializers.normal(1.0), ('model', None)),
                           rngs=rngs)
    self.layers = nnx.List([DecoderLayer(d_model, num_heads, head_dim, d_ff, rngs=rngs)
                            for _ in range(n_layers)])
    self.final_norm = nnx.RMSNorm(d_model, rngs=rngs)

  def __call__(self, tokens):
    seq = tokens.shape[1]
    mask = nnx.make_causal_mask(jnp.ones((tokens.shape[0], seq)))
    x = self.embed(tokens)
    for layer in self.layers:
      x = layer(x, mask)
    return self.embed.attend(self.final_norm(x))


mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)


@nnx.jit
def create_sharded_model():
  model = Llama(1024, 256, 2, 8, 32, 512, rngs=nnx.Rngs(params=0))
  state = nnx.state(model)
  pspecs = nnx.get_partition_spec(state)
  sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
  nnx.update(model, sharded_state)
  return model


@nnx.jit
def prefill_logits(model, tokens):
  return model(tokens)


def main():
  with jax.set_mesh(mesh):
    model = nnx.eval_shape(lambda: create_sharded_model())
    tokens = jax.ShapeDtypeStruct((4, 64), jnp.int32, sharding=NamedSharding(mesh, P('data')))
    prefill_logits.trace(model, tokens).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
