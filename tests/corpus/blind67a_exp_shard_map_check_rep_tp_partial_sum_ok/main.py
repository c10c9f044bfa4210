import jax
import jax.numpy as jnp
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from train import PARAM_SPECS, make_train_step

D, FF, B = 128, 512, 32

mesh = Mesh(mesh_utils.create_device_mesh((2, 2)), ("data", "model"))

with mesh:
  shapes = {"w1": (D, FF), "b1": (FF,), "w2": (FF, D), "b2": (D,)}
  params = {k: jax.ShapeDtypeStruct(s, jnp.float32, sharding=NamedSharding(mesh, PARAM_SPECS[k]))
            for k, s in shapes.items()}
  batch = jax.ShapeDtypeStruct((B, D), jnp.float32, sharding=NamedSharding(mesh, P("data")))
  train_step = make_train_step(mesh)
  train_step.trace(params, batch, batch).lower(lowering_platforms=("cuda",))
