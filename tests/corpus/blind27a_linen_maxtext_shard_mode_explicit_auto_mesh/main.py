import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from mt.model import Mlp
from mt.sharding import ShardMode

CONFIG = {"mlp_dim": 256, "emb_dim": 64, "shard_mode": ShardMode.EXPLICIT,
          "ici_parallelism": (2, 2), "mesh_axes": ("data", "tensor")}


def create_device_mesh(config):
  devices = mesh_utils.create_device_mesh(config["ici_parallelism"])
  return Mesh(devices, config["mesh_axes"])


def main():
  mesh = create_device_mesh(CONFIG)
  model = Mlp(CONFIG, mesh)
  x = jnp.ones((8, 16, CONFIG["emb_dim"]))
  params = jax.eval_shape(model.init, jax.random.key(0), x)

  def fwd(params, x):
    return model.apply(params, x).sum()

  lowered = jax.jit(jax.grad(fwd)).trace(params, x).lower(lowering_platforms=("cuda",))
  print("ok", bool(lowered.as_text()))


if __name__ == "__main__":
  main()
