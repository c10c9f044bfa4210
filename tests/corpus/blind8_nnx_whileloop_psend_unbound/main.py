import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from comm import communicate

PLAT = 'cuda'


class Model(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(8, 8, rngs=rngs)

    def __call__(self, x):
        h = self.linear(x)
        return communicate(h)


def cond_fn(carry):
    model, h, i = carry
    return i < 3


def body_fn(carry):
    model, h, i = carry
    return model, model(h), i + 1


def step(model, x):
    _, h, _ = nnx.while_loop(cond_fn, body_fn, (model, x, jnp.array(0)))
    return h


def main():
    mesh = jax.make_mesh((4,), ('d',))
    model = Model(nnx.Rngs(0))
    x = jax.device_put(jnp.ones((16, 8), jnp.float32), NamedSharding(mesh, P('d')))
    lowered = jax.jit(step).trace(model, x).lower(lowering_platforms=(PLAT,))


if __name__ == '__main__':
    main()
