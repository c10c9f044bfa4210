import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

CONFIG = {
    "mesh_axes": ["data", "model"],
    "mesh_shape": [2, 2],
    "logical_axis_rules": [
        ["batch", "data"],
        ["embed", None],
        ["heads", "tensor"],
        ["kv", None],
    ],
    "num_heads": 4,
    "head_dim": 16,
    "emb_dim": 64,
}


class SelfAttention(nn.Module):
  num_heads: int
  head_dim: int

  @nn.compact
  def __call__(self, x):
    dense = lambda name, axes, feats, ax=-1: nn.DenseGeneral(
        feats, axis=ax, name=name,
        kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), axes))
    q = dense("query", ("embed", "heads", "kv"), (self.num_heads, self.head_dim))(x)
    k = dense("key", ("embed", "heads", "kv"), (self.num_heads, self.head_dim))(x)
    v = dense("value", ("embed", "heads", "kv"), (self.num_heads, self.head_dim))(x)
    w = jnp.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(self.head_dim)
    o = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(w, -1), v)
    return dense("out", ("heads", "kv", "embed"), x.shape[-1], ax=(-2, -1))(o)


def make_mesh(cfg):
  devices = np.array(jax.devices()).reshape(cfg["mesh_shape"])
  return Mesh(devices, tuple(cfg["mesh_axes"]))


mesh = make_mesh(CONFIG)
rules = [tuple(r) for r in CONFIG["logical_axis_rules"]]
model = SelfAttention(CONFIG["num_heads"], CONFIG["head_dim"])
x = jnp.zeros((8, 32, CONFIG["emb_dim"]))

abstract = jax.eval_shape(lambda: model.init(jax.random.key(0), x))
specs = nn.get_partition_spec(abstract)
shardings = nn.logical_to_mesh_sharding(specs, mesh, rules)

fwd = jax.jit(model.apply, in_shardings=(shardings, NamedSharding(mesh, P("data"))))
print(fwd.trace(abstract, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
