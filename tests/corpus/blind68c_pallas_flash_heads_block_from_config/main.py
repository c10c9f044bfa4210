import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from config import ModelConfig
from layers import self_attention

cfg = ModelConfig()
mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto,) * 2)

qkv = NamedSharding(mesh, P(None, "model", None))
param_shardings = {"wq": qkv, "wk": qkv, "wv": qkv, "wo": NamedSharding(mesh, P("model", None, None))}
x_sharding = NamedSharding(mesh, P("data", None, None))

sd = lambda *s: jax.ShapeDtypeStruct(s, jnp.bfloat16)
params = {
    "wq": sd(cfg.d_model, cfg.num_heads, cfg.head_dim),
    "wk": sd(cfg.d_model, cfg.num_heads, cfg.head_dim),
    "wv": sd(cfg.d_model, cfg.num_heads, cfg.head_dim),
    "wo": sd(cfg.num_heads, cfg.head_dim, cfg.d_model),
}
x = sd(4, cfg.max_seq_len, cfg.d_model)

fwd = jax.jit(lambda p, x: self_attention(p, x, mesh, cfg),
              in_shardings=(param_shardings, x_sharding), out_shardings=x_sharding)
fwd.trace(params, x).lower(lowering_platforms=("tpu",))
