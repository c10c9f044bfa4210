import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from tp import make_tp_mlp

mesh = jax.make_mesh((4,), ("model",))
k1, k2 = jax.random.split(jax.random.key(0))
w1 = jax.random.normal(k1, (32, 128)) * 0.02
w2 = jax.random.normal(k2, (128, 32)) * 0.02
w1 = jax.device_put(w1, NamedSharding(mesh, P(None, "model")))
w2 = jax.device_put(w2, NamedSharding(mesh, P("model", None)))
x = jnp.ones((8, 32))

mlp = make_tp_mlp(mesh)
# export for the GPU serving fleet
exported = jax.export.export(mlp, platforms=("cuda",))(x, w1, w2)
stablehlo_text = exported.mlir_module()
