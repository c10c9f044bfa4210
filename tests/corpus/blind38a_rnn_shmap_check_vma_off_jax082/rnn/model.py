import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr


class RNN(eqx.Module):
    hidden_size: int
    cell: eqx.nn.GRUCell
    linear: eqx.nn.Linear
    dropout: eqx.nn.Dropout
    bias: jax.Array

    def __init__(self, in_size, out_size, hidden_size, *, key):
        ckey, lkey = jr.split(key)
        self.hidden_size = hidden_size
        self.cell = eqx.nn.GRUCell(in_size, hidden_size, key=ckey)
        self.linear = eqx.nn.Linear(hidden_size, out_size, use_bias=False, key=lkey)
        self.dropout = eqx.nn.Dropout(0.1)
        self.bias = jnp.zeros(out_size)

    def __call__(self, input, key):
        hidden = jnp.zeros((self.hidden_size,))

        def f(carry, inp):
            return self.cell(inp, carry), None

        out, _ = jax.lax.scan(f, hidden, input)
        out = self.dropout(out, key=key)
        return jax.nn.sigmoid(self.linear(out) + self.bias)
