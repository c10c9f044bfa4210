import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

SEQ = "seq"
N_LAYERS, D = 3, 64


class SeqParallelAttention(nnx.Module):
  def __init__(self, d, rngs: nnx.Rngs):
    self.qkv = nnx.Linear(d, 3 * d, use_bias=False, rngs=rngs)
    self.out = nnx.Linear(d, d, use_bias=False, rngs=rngs)

  def __call__(self, x):  # x: (B, L_local, D)
    q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
    k = jax.lax.all_gather(k, SEQ, axis=1, tiled=True)
    v = jax.lax.all_gather(v, SEQ, axis=1, tiled=True)
    w = jax.nn.softmax(jnp.einsum("bqd,bkd->bqk", q, k) / jnp.sqrt(q.shape[-1]), axis=-1)
    return x + self.out(jnp.einsum("bqk,bkd->bqd", w, v))


@nnx.split_rngs(splits=N_LAYERS)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_layers(rngs: nnx.Rngs):
  return SeqParallelAttention(D, rngs=rngs)


class Encoder(nnx.Module):
  def __init__(self, rngs):
    self.layers = create_layers(rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
    def body(layer, h):
      return layer(h)

    return body(self.layers, x)


mesh = jax.make_mesh((4,), (SEQ,), axis_types=(AxisType.Auto,))


@nnx.jit
def encode(model, x):
  sharded = nnx.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P(None, SEQ)),
                          out_specs=P(None, SEQ))
  return sharded(model, x)


def main():
  model = Encoder(nnx.Rngs(0))
  x = jnp.ones((2, 128, D))
  encode.trace(model, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
