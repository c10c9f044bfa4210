from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from tp.mlp import TPMlp


@partial(jax.jit, static_argnums=0)
def forward(model, params, x):
    return model.apply(params, x)


def main():
    mesh = jax.make_mesh((2, 2), ("data", "tensor"), axis_types=(AxisType.Auto, AxisType.Auto))
    model = TPMlp()
    x = jnp.ones((8, 16))
    params = jax.eval_shape(model.init, jax.random.key(0), x)
    shardings = {
        "params": {
            "up": {"kernel": NamedSharding(mesh, P(None, "tensor"))},
            "down": {"dense": {"kernel": NamedSharding(mesh, P("tensor", None))}},
        }
    }
    params = jax.tree.map(lambda a, s: jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=s), params, shardings)
    x = jax.ShapeDtypeStruct(x.shape, x.dtype, sharding=NamedSharding(mesh, P("data", None)))
    lowered = forward.trace(model, params, x).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:40])


if __name__ == "__main__":
    main()
