from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P

from model import Classifier
from utils.sharding import param_specs

mesh = jax.make_mesh((4,), ("model",), axis_types=(AxisType.Auto,))

model = Classifier(32, 64, 10, key=jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)
specs = param_specs(params)


@partial(jax.shard_map, mesh=mesh, in_specs=(specs, P()), out_specs=P())
def logits_fn(params, x):
    m = eqx.combine(params, static)
    return jax.vmap(lambda xi: m(xi, reduce_fn=partial(lax.psum, axis_name="model")))(x)


if __name__ == "__main__":
    x = jnp.ones((8, 32), jnp.float32)
    print(jax.jit(logits_fn).trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
