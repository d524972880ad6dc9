"""The theory as data: order-theory statements a student can write, and their decision."""
