import jax
import jax.numpy as jnp

from model import TinyLM
from serve import make_forward
from sharding import create_device_mesh

CONFIG = {
    "mesh_shape": (2, 2),
    "mesh_axes": ("data", "model"),
    "vocab_size": 512,
    "d_model": 128,
    "d_ff": 512,
    "num_layers": 2,
}

mesh = create_device_mesh(CONFIG)
model = TinyLM(CONFIG["vocab_size"], CONFIG["d_model"], CONFIG["d_ff"], CONFIG["num_layers"])
tokens = jax.ShapeDtypeStruct((8, 64), jnp.int32)

with jax.set_mesh(mesh):
  abstract_variables = jax.eval_shape(model.init, jax.random.key(0), tokens)
  forward = make_forward(model, mesh, abstract_variables)
  forward.trace(abstract_variables, tokens).lower(lowering_platforms=("tpu",))
