import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

CONFIG = {
    "mesh_axes": ("data", "model"),
    "mesh_shape": (2, 2),
    "data_sharding": (("data", "fsdp"), None),
    "weight_sharding": {"mlp_in": (None, "model"), "mlp_out": ("model", None)},
}


class MLP(eqx.Module):
  mlp_in: jax.Array
  mlp_out: jax.Array

  def __init__(self, d, h, key):
    k1, k2 = jax.random.split(key)
    self.mlp_in = jax.random.normal(k1, (d, h)) / np.sqrt(d)
    self.mlp_out = jax.random.normal(k2, (h, d)) / np.sqrt(h)

  def __call__(self, x):
    return jax.nn.relu(x @ self.mlp_in) @ self.mlp_out


def shardings_for(model, mesh, cfg):
  return jax.tree.map(
      lambda spec: NamedSharding(mesh, P(*spec)),
      eqx.tree_at(lambda m: (m.mlp_in, m.mlp_out), model,
                  (cfg["weight_sharding"]["mlp_in"], cfg["weight_sharding"]["mlp_out"])),
      is_leaf=lambda x: isinstance(x, tuple))


mesh = Mesh(np.array(jax.devices()).reshape(CONFIG["mesh_shape"]), CONFIG["mesh_axes"])
model = MLP(64, 256, jax.random.key(1))
model_sharding = shardings_for(model, mesh, CONFIG)


@eqx.filter_jit
def loss(model, x, y):
  x = eqx.filter_shard(x, NamedSharding(mesh, P(*CONFIG["data_sharding"])))
  model = eqx.filter_shard(model, model_sharding)
  return jnp.mean((jax.vmap(model)(x) - y) ** 2)


x = jnp.ones((16, 64))
y = jnp.zeros((16, 64))
print(jax.jit(lambda m, x, y: loss(m, x, y)).trace(model, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
