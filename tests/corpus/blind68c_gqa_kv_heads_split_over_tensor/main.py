import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from attention import attention
from config import LlamaConfig

cfg = LlamaConfig()
mesh = jax.make_mesh((1, 4), ("fsdp", "tensor"))


def param_shapes(cfg):
  sd = jax.ShapeDtypeStruct
  return {
      "wq": sd((cfg.d_model, cfg.n_heads, cfg.head_dim), jnp.bfloat16),
      "wk": sd((cfg.d_model, cfg.n_kv_heads, cfg.head_dim), jnp.bfloat16),
      "wv": sd((cfg.d_model, cfg.n_kv_heads, cfg.head_dim), jnp.bfloat16),
      "wo": sd((cfg.n_heads, cfg.head_dim, cfg.d_model), jnp.bfloat16),
  }


param_shardings = {
    "wq": NamedSharding(mesh, P("fsdp", "tensor", None)),
    "wk": NamedSharding(mesh, P("fsdp", None, None)),
    "wv": NamedSharding(mesh, P("fsdp", None, None)),
    "wo": NamedSharding(mesh, P("tensor", None, "fsdp")),
}
x_sharding = NamedSharding(mesh, P("fsdp", None, None))

fwd = jax.jit(lambda p, x: attention(p, x, mesh, cfg),
              in_shardings=(param_shardings, x_sharding), out_shardings=x_sharding)
x = jax.ShapeDtypeStruct((8, cfg.seq_len, cfg.d_model), jnp.bfloat16)
fwd.trace(param_shapes(cfg), x).lower(lowering_platforms=("tpu",))
