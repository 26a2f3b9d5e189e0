module eq_yosys_4(input [3:0] a, input [3:0] b, output [0:0] y);
  assign y = a == b;
endmodule

module eq_yosys_8(input [7:0] a, input [7:0] b, output [0:0] y);
  assign y = a == b;
endmodule

module eq_yosys_16(input [15:0] a, input [15:0] b, output [0:0] y);
  assign y = a == b;
endmodule

module eq_yosys_32(input [31:0] a, input [31:0] b, output [0:0] y);
  assign y = a == b;
endmodule

module eq_yosys_64(input [63:0] a, input [63:0] b, output [0:0] y);
  assign y = a == b;
endmodule

module eq_const_4(input [3:0] a, output [0:0] y);
  assign y = a == 4'd5;
endmodule

module eq_const_8(input [7:0] a, output [0:0] y);
  assign y = a == 8'd85;
endmodule

module eq_const_16(input [15:0] a, output [0:0] y);
  assign y = a == 16'd21845;
endmodule

module eq_const_32(input [31:0] a, output [0:0] y);
  assign y = a == 32'd1431655765;
endmodule

module eq_const_64(input [63:0] a, output [0:0] y);
  assign y = a == 64'd6148914691236517205;
endmodule
