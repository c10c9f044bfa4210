import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))


class RNN(eqx.Module):
    cell: eqx.nn.GRUCell
    hidden: int = eqx.field(static=True)

    def __init__(self, din, hidden, key):
        self.cell = eqx.nn.GRUCell(din, hidden, key=key)
        self.hidden = hidden

    def __call__(self, xs):
        # xs: [time, batch, din] with the batch split over 'data'
        h0 = jnp.zeros((xs.shape[1], self.hidden))

        def step(h, x):
            h = jax.vmap(self.cell)(x, h)
            return h, h

        _, hs = jax.lax.scan(step, h0, xs)
        return hs


def encode(params, static, xs):
    return eqx.combine(params, static)(xs)


if __name__ == "__main__":
    model = RNN(8, 16, jax.random.key(0))
    params, static = eqx.partition(model, eqx.is_array)
    body = lambda p, xs: encode(p, static, xs)
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(), P(None, "data")),
                              out_specs=P(None, "data")))
    xs = jnp.ones((5, 8, 8))
    print(f.trace(params, xs).lower(lowering_platforms=("cuda",)).as_text()[:20])
