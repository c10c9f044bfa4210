import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

import net
from net import classifier

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))
jax.set_mesh(mesh)

C, F, NCLS, HW = 8, 16, 10, 4
feat_dim = F * HW * HW if net.POOLING == "flatten" else F
params = {
    "convs": [jax.device_put(jnp.zeros((C, F)), P()), jax.device_put(jnp.zeros((F, F)), P())],
    "head": jax.device_put(jnp.zeros((feat_dim, NCLS)), P("model", None)),
}
images = jax.device_put(jnp.ones((8, HW, HW, C)), P("data", None, None, None))

classifier = jax.jit(classifier)
print(classifier.trace(params, images).lower(lowering_platforms=("cuda",)).as_text()[:40])
