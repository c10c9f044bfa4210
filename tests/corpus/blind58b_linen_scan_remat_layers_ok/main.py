"""Decoder stack with nn.scan(nn.remat(Block)) over layers, logical axis rules, sharded init (MaxText-style)."""
import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

RULES = (("batch", "data"), ("embed", None), ("mlp", "model"), ("vocab", "model"), ("layers", None))
N_LAYERS, D_MODEL, VOCAB = 6, 512, 32000


class MlpBlock(nn.Module):
  d_model: int
  dtype: jnp.dtype = jnp.bfloat16

  @nn.compact
  def __call__(self, x, _):
    h = nn.RMSNorm(dtype=self.dtype, name="norm")(x)
    h = nn.Dense(4 * self.d_model, dtype=self.dtype, use_bias=False,
                 kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("embed", "mlp")))(h)
    h = nn.gelu(h)
    h = nn.Dense(self.d_model, dtype=self.dtype, use_bias=False,
                 kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("mlp", "embed")))(h)
    return x + h, None


class Decoder(nn.Module):
  dtype: jnp.dtype = jnp.bfloat16

  @nn.compact
  def __call__(self, tokens):
    embed = nn.Embed(VOCAB, D_MODEL, embedding_init=nn.with_logical_partitioning(
        nn.initializers.normal(1.0), ("vocab", "embed")), name="embed")
    x = embed(tokens).astype(self.dtype)
    x = nn.with_logical_constraint(x, ("batch", None, "embed"))
    stack = nn.scan(
        nn.remat(MlpBlock, prevent_cse=False),
        variable_axes={"params": 0},
        split_rngs={"params": True},
        length=N_LAYERS,
        metadata_params={nn.PARTITION_NAME: "layers"},
    )
    x, _ = stack(D_MODEL, dtype=self.dtype, name="layers")(x, None)
    x = nn.RMSNorm(dtype=self.dtype)(x)
    return embed.attend(x.astype(jnp.float32))


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
  model = Decoder()
  tokens = jax.ShapeDtypeStruct((8, 256), jnp.int32)
  with jax.set_mesh(mesh), nn.logical_axis_rules(RULES):
    abstract = jax.eval_shape(model.init, jax.random.key(0), tokens)
    shardings = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract), mesh, RULES)
    init_fn = jax.jit(model.init, out_shardings=shardings)
    init_fn.trace(jax.random.key(0), tokens).lower(lowering_platforms=("tpu",))

    def loss_fn(params, tokens):
      logits = model.apply(params, tokens)
      return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), tokens[..., None], -1))

    grad_fn = jax.jit(jax.value_and_grad(loss_fn),
                      in_shardings=(shardings, NamedSharding(mesh, P("data"))))
    lowered = grad_fn.trace(abstract, tokens).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
