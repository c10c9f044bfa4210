import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

VOCAB = 50257
EMBED = 768

LOGICAL_RULES = [
    ("batch", "data"),
    ("vocab", "model"),
    ("embed", None),
    ("mlp", "model"),
]


class TinyLM(nn.Module):
  @nn.compact
  def __call__(self, tokens):
    embed = nn.Embed(
        VOCAB, EMBED,
        embedding_init=nn.with_logical_partitioning(
            nn.initializers.normal(0.02), ("vocab", "embed")),
        name="wte")
    h = embed(tokens)
    h = nn.Dense(4 * EMBED,
                 kernel_init=nn.with_logical_partitioning(
                     nn.initializers.lecun_normal(), ("embed", "mlp")))(h)
    h = nn.gelu(h)
    h = nn.Dense(EMBED,
                 kernel_init=nn.with_logical_partitioning(
                     nn.initializers.lecun_normal(), ("mlp", "embed")))(h)
    return embed.attend(h)


mesh = jax.make_mesh((2, 2), ("data", "model"))
model = TinyLM()


def init(rng, tokens):
  return model.init(rng, tokens)


if __name__ == "__main__":
  tokens = jax.ShapeDtypeStruct((8, 128), jnp.int32,
                                sharding=NamedSharding(mesh, P("data", None)))
  rng = jax.random.key(0)
  abstract_vars = jax.eval_shape(init, rng, tokens)
  specs = nn.get_partition_spec(abstract_vars)
  shardings = nn.logical_to_mesh_sharding(specs, mesh, LOGICAL_RULES)
  jit_init = jax.jit(init, out_shardings=shardings)
  jit_init.trace(rng, tokens).lower(lowering_platforms=("tpu",))
