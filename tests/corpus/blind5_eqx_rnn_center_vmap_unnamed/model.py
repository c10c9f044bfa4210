import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax as L


class BatchCentre(eqx.Module):
    """Subtracts the mean over the batch axis named `axis_name`."""

    axis_name: str = eqx.field(static=True)

    def __call__(self, h):
        return h - L.pmean(h, self.axis_name)


class RNN(eqx.Module):
    hidden_size: int = eqx.field(static=True)
    cell: eqx.nn.GRUCell
    centre: BatchCentre
    linear: eqx.nn.Linear
    bias: jax.Array

    def __init__(self, in_size, out_size, hidden_size, *, key):
        ckey, lkey = jax.random.split(key)
        self.hidden_size = hidden_size
        self.cell = eqx.nn.GRUCell(in_size, hidden_size, key=ckey)
        self.centre = BatchCentre("batch")
        self.linear = eqx.nn.Linear(hidden_size, out_size, use_bias=False, key=lkey)
        self.bias = jnp.zeros(out_size)

    def __call__(self, input):
        hidden = jnp.zeros((self.hidden_size,))

        def f(carry, inp):
            return self.cell(inp, carry), None

        out, _ = L.scan(f, hidden, input)
        out = self.centre(out)
        return jax.nn.sigmoid(self.linear(out) + self.bias)
